console.log('view');
